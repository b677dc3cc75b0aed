// Written for CloudMap's tests; the gmsh_plate_v*.msh files are Gmsh 4.8.4's own output:
//   gmsh gmsh_plate.geo -2 -format msh22 [-bin] -o gmsh_plate_v22[_bin].msh
//   gmsh gmsh_plate.geo -2 -format msh41 [-bin] -o gmsh_plate_v41[_bin].msh
// A 1 x 0.5 plate: triangles on one half, a quad on the other (recombined), plus a point
Point(1) = {0, 0, 0, 0.5};
Point(2) = {1, 0, 0, 0.5};
Point(3) = {1, 0.5, 0, 0.5};
Point(4) = {0, 0.5, 0, 0.5};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};
Physical Surface(7) = {1};
Physical Point(8) = {1};

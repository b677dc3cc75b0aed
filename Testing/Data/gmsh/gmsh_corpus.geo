// Written for CloudMap's tests; make_gmsh_corpus.py meshes it with Gmsh itself (gmsh_corpus_*.msh).
// An L-shaped plate of area 0.75 (analytic): the 1 x 0.5 strip y in [0, 0.5] in
// triangles, and the 0.5 x 0.5 square above its left half in transfinite quads.
h = 0.3;
Point(1) = {0, 0, 0, h};
Point(2) = {1, 0, 0, h};
Point(3) = {1, 0.5, 0, h};
Point(4) = {0.5, 0.5, 0, h};
Point(5) = {0, 0.5, 0, h};
Point(6) = {0.5, 1, 0, h};
Point(7) = {0, 1, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 5};
Line(5) = {5, 1};
Line(6) = {4, 6};
Line(7) = {6, 7};
Line(8) = {7, 5};
Curve Loop(1) = {1, 2, 3, 4, 5};
Plane Surface(1) = {1};
Curve Loop(2) = {-4, 6, 7, 8};
Plane Surface(2) = {2};
Transfinite Curve{4, 6, 7, 8} = 3;
Transfinite Surface{2};
Recombine Surface{2};
Physical Surface("strip", 1) = {1};
Physical Surface("square", 2) = {2};
Physical Curve("edge", 3) = {1};
Physical Point("corner", 4) = {1};

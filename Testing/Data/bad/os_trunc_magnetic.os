##File Type: Currents
##File Format: 2
##Source: plate
##Date: 2024-03-01 10:00:00
** File exported by FEKO kernel version 2019.1

#Request Name: Currents1
#Frequency:   1.00000000E+008
#No. of Electric Current Triangle Samples: 3
#No. of Header Lines: 1
#   "Triangle"   "X"   "Y"   "Z"   "Re(Jx)"   "Im(Jx)"   "Re(Jy)"   "Im(Jy)"   "Re(Jz)"   "Im(Jz)"
        1   3.33333333E-002   6.66666667E-002   0.00000000E+000   1.00000000E-003  -2.00000000E-004   0.00000000E+000   0.00000000E+000   5.00000000E-5   1.0E-5
        2   6.66666667E-002   3.33333333E-002   0.00000000E+000   2.00000000E-003  -4.00000000E-004   1.00000000E-004   0.00000000E+000   0.00000000E+000   0.00000000E+000
        5   1.50000000E-001   1.50000000E-001   0.00000000E+000   3.00000000E-003  -6.00000000E-004  -1.00000000E-004   2.00000000E-005   0.00000000E+000   0.00000000E+000

#No. of Magnetic Current Triangle Samples: 2
#No. of Header Lines: 1
#   "Triangle"   "X"   "Y"   "Z"   "Re(Mx)"   "Im(Mx)"   "Re(My)"   "Im(My)"   "Re(Mz)"   "Im(Mz)"
        7   0.00000000E+000   0.00000000E+000   1.00000000E-001   1.00000000E+000   0.00000000E+000   0.00000000E+000   0.00000000E+000   0.00000000E+000   2.00000000E+000

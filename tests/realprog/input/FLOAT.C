/* FLOAT.C: floating point through Microsoft C 5.1's 8087 emulator library
   (INT 34h-3Dh fix-ups: software on an 8088 without an 8087, the 8087 where
   one is found), for the compatibility corpus (public domain). */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

int main(void)
{
    double x, sum = 0.0, h;
    long n;
    int i;

    for (i = 1; i <= 20; i++)
        sum += 1.0 / ((double)i * i);
    printf("sum 1/i^2, i<=20: %.9f\n", sum);
    printf("sqrt(2) %.10f  sqrt(1e10) %.3f\n", sqrt(2.0), sqrt(1e10));
    printf("exp(1) %.10f  log(10) %.10f\n", exp(1.0), log(10.0));
    printf("sin(1) %.10f  cos(1) %.10f  atan(1)*4 %.10f\n", sin(1.0), cos(1.0), atan(1.0) * 4);
    printf("pow(2,0.5) %.10f  fmod(10,3) %g  floor(-2.5) %g  ceil(2.1) %g\n",
           pow(2.0, 0.5), fmod(10.0, 3.0), floor(-2.5), ceil(2.1));
    for (x = 1e-5; x < 1e6; x *= 37.5)
        printf("%e %f %g\n", x, x, x);
    n = (long)(1234567.89 * 3);
    printf("long %ld  int %d  neg %d\n", n, (int)-7.9, (int)(2.5 * -3));
    printf("atof %g  strtod %g\n", atof("3.25e2"), strtod("-0.0625", NULL));
    /* Simpson's rule for the integral of 4/(1+x^2) on [0,1] */
    h = 1.0 / 64;
    sum = 4.0 + 2.0;
    for (i = 1; i < 64; i++) {
        x = i * h;
        sum += (i % 2 ? 4.0 : 2.0) * 4.0 / (1.0 + x * x);
    }
    printf("pi ~ %.12f\n", sum * h / 3);
    printf("0.0 %f  -0.0 %g  1/3 %.15g\n", 0.0, -0.0, 1.0 / 3);
    return 0;
}

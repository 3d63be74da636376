data {
  int<lower=1> M;                 // distinct (raters, Class-1 count) pairs
  int<lower=1> n[M];        // ratings of a subject
  int<lower=0> k[M];        // Class-1 ratings among them
  vector<lower=0>[M] w;           // subjects with that pair
}
parameters {
  real<lower=0, upper=1> t;
  real<lower=0, upper=1> a;
  real<lower=0, upper=1> p;
}
model {
  real c1 = a + (1 - a) * p;
  real c0 = (1 - a) * p;
  for (m in 1:M)
    target += w[m] * log_mix(t, binomial_lpmf(k[m] | n[m], c1), binomial_lpmf(k[m] | n[m], c0));
}

# Stan's NUTS on the t-a-p model, for benchmarks/bench_mcmc_stan.py.
# Rscript run_tap.R MODEL.stan CACHE.rds COUNTS.csv CORES SEED DRAWS.csv
# COUNTS.csv: columns n, k, w (ratings of a subject, Class-1 ratings, subjects with that pair).
# Writes the draws (chain, t, a, p) to DRAWS.csv and prints the seconds spent sampling
# (warm-up and draws; the compile is cached in CACHE.rds and not counted).
suppressMessages(library(rstan))
args <- commandArgs(trailingOnly = TRUE)
model_file <- args[1]; cache <- args[2]; counts <- read.csv(args[3])
cores <- as.integer(args[4]); seed <- as.integer(args[5]); out <- args[6]
model <- if (file.exists(cache)) readRDS(cache) else {
  m <- stan_model(model_file); saveRDS(m, cache); m
}
data <- list(M = nrow(counts), n = counts$n, k = counts$k, w = counts$w)
start <- proc.time()[["elapsed"]]
fit <- sampling(model, data = data, chains = 4, iter = 1200, warmup = 200, cores = cores,
                seed = seed, refresh = 0)
seconds <- proc.time()[["elapsed"]] - start
draws <- extract(fit, pars = c("t", "a", "p"), permuted = FALSE)
rows <- do.call(rbind, lapply(seq_len(dim(draws)[2]), function(chain)
  data.frame(chain = chain, t = draws[, chain, "t"], a = draws[, chain, "a"], p = draws[, chain, "p"])))
write.csv(rows, out, row.names = FALSE)
cat(sprintf("sampling_seconds %.4f\n", seconds))

/** Seconds. Few fixed buckets: each is one more series per label set, and one more compare per observation. */
export const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120] as const
export const TTFT_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30] as const

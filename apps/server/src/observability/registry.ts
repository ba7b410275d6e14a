import { collectDefaultMetrics, Registry } from "prom-client";

/** The process's Prometheus registry (decision 0096), with prom-client's process metrics. */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

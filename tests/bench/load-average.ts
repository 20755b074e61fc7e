import { loadavg } from 'node:os';

/**
 * The machine's load average over the last minute, printed beside a figure: these machines are shared, and a
 * figure means little without how busy the cores were when it was taken (docs/benchmarks.md).
 */
export const loadAverage = () => `load average ${loadavg()[0].toFixed(2)}`;

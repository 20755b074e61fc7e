/** LISTEN on channels; `onHealth(false)` says notifications may have been missed, `true` that they flow again. */
export type Listen = (handlers: Record<string, (payload: string) => void>, onHealth: (healthy: boolean) => void) => Promise<void>;

/** How often each scheduled job runs (server/jobs.ts), by the name its runs are claimed under in `scheduled_runs`. */
export const JOB_PERIODS_MS = { minute: 60 * 1000, hourly: 60 * 60 * 1000, daily: 24 * 60 * 60 * 1000 } as const;

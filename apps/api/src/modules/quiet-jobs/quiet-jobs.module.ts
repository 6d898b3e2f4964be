import type { Core } from '../../core';
import { createQuietJobsService } from './quiet-jobs.service';

/** POST and GET /v1/admin/quiet_jobs: an administrator pauses and resumes the company's scheduled sends. */
export function createQuietJobsModule({ quietJobs, jobs, audit }: Core) {
  return { quietJobsAdmin: createQuietJobsService({ quietJobs, jobs, audit }) };
}

import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { ReadinessController } from './readiness.controller.js';

/** Liveness (/api/health: the process answers) and readiness (/api/ready: its database answers too). */
@Module({ controllers: [HealthController, ReadinessController] })
export class HealthModule {}

import { Module } from '@nestjs/common';
import { DownloadController } from './download.controller.js';
import { DownloadService } from './download.service.js';

/** POST /download: named files only (today the resume PDF), each built once from the site's own data. */
@Module({ controllers: [DownloadController], providers: [DownloadService] })
export class DownloadModule {}

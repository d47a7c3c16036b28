import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { resumeFileName, type ResumeData } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import type { DownloadResource } from '@portfolio/contracts/download';
import { buildResumePdf } from './resume-pdf.js';

/** The very file the Resume page renders: change it and both the page and the PDF change. */
const resume: ResumeData = resumeData;

interface DownloadFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** Builds each downloadable file once, on start-up, and hands the same bytes to every request. */
@Injectable()
export class DownloadService implements OnModuleInit {
  private readonly logger = new Logger(DownloadService.name);
  private resumePdf: Promise<Buffer> | undefined;

  onModuleInit(): void {
    // warm the cache so the first visitor does not wait; a failure is logged and retried on request
    this.resumePdfBytes().catch((error: unknown) => this.logger.error('The resume PDF could not be built', error));
  }

  /** One way to make each named resource: a new resource is a new entry, checked by the type. */
  private readonly makers: Readonly<Record<DownloadResource, () => Promise<DownloadFile>>> = {
    resume: async () => ({
      body: await this.resumePdfBytes(),
      contentType: 'application/pdf',
      fileName: resumeFileName(siteConfig.ownerName),
    }),
  };

  file(resource: DownloadResource): Promise<DownloadFile> {
    return this.makers[resource]();
  }

  private resumePdfBytes(): Promise<Buffer> {
    this.resumePdf ??= buildResumePdf(resume, {
      name: siteConfig.ownerName,
      email: siteConfig.contactTo,
      links: siteConfig.profiles.map((profile) => profile.url),
    }).catch((error: unknown) => {
      this.resumePdf = undefined;
      throw error;
    });
    return this.resumePdf;
  }
}

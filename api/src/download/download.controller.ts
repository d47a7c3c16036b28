import { Body, Controller, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { downloadRequestPipe, type DownloadRequestDto } from './dto/download-request.dto.js';
import { DownloadService } from './download.service.js';

/** Call 4 of docs/product-rules.md: POST /download {resource} answers the named file as an attachment. */
@Controller('download')
export class DownloadController {
  constructor(private readonly downloads: DownloadService) {}

  @Post()
  @HttpCode(200)
  async download(@Body(downloadRequestPipe) request: DownloadRequestDto): Promise<StreamableFile> {
    const file = await this.downloads.file(request.resource);
    return new StreamableFile(file.body, {
      type: file.contentType,
      disposition: `attachment; filename="${file.fileName}"`,
      length: file.body.length,
    });
  }
}

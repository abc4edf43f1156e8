import type { FileResult } from 'mutation-testing-report-schema';
import { REPORT_EXTENSION, type ReportSiteFile } from './envelope-report.js';

/**
 * Whether a report file is one of our sites rather than a StrykerJS source file joined by
 * `run --with-stryker`: sites are written as `language: "json"` with our extension; StrykerJS
 * mutates JavaScript and TypeScript sources and writes no extension.
 *
 * @internal
 */
export function isSiteFile(file: FileResult | ReportSiteFile): file is ReportSiteFile {
  return file.language === 'json' && REPORT_EXTENSION in file;
}

/** The site files of a report, in report order; StrykerJS source files are left out. */
export function siteFilesOf(report: {
  readonly files: Readonly<Record<string, FileResult | ReportSiteFile>>;
}): ReportSiteFile[] {
  return Object.values(report.files).filter(isSiteFile);
}

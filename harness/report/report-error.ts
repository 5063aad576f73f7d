// The one error type of the report code: bad input files, conflicting inputs, an invalid
// report about to be written. The string code says which; the message names the file and
// the zod path so the CLI can print it as is, without a stack trace.
export type ReportErrorCode =
  | 'FILE_UNREADABLE'
  | 'FILE_NOT_JSON'
  | 'FILE_INVALID'
  | 'REPORT_INVALID'
  | 'MERGE_EMPTY'
  | 'MERGE_CONFLICT'
  | 'RERUN_MISMATCH'
  | 'PREVIOUS_MISMATCH'
  | 'NARROW_EMPTY'
  | 'DIFF_DUPLICATE_HOST'
  | 'BASELINE_HOST_MISMATCH'
  | 'NO_SUCH_HOST'
  | 'FINDINGS_MARKERS'
  | 'NO_SUCH_FINDING'
  | 'REPRO_UNAVAILABLE'
  | 'OUTPUT_UNWRITABLE';

export class ReportError extends Error {
  override readonly name = 'ReportError';
  constructor(
    readonly code: ReportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How every CSV the product writes is written, by the server (exports, table downloads) and by the
 * browser (tables whose rows are all on the page), through csv-stringify: RFC 4180 with CRLF
 * between records. Post texts and names come from whoever wrote them, and a spreadsheet runs a
 * cell starting with `=`, `+`, `-`, `@`, tab or CR as a formula (OWASP CSV injection):
 * `escape_formulas` prefixes such a cell with `'`, so it opens as the text it is (numbers such as a
 * negative sentiment stay numbers). A CR or LF inside a cell is quoted as well: the writer quotes
 * only its own record delimiter by itself.
 */
export const CSV_WRITE_OPTIONS = {
  record_delimiter: 'windows',
  escape_formulas: true,
  quoted_match: /[\r\n]/,
} as const;

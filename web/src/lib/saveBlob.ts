/** Hands a file to the browser's downloads under this name. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads a blob download asynchronously: freed a while later, not at once.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

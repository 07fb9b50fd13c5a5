/** Hands a file to the browser to save under the given name (a CSV fetched, a ticket made here). */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file made in the page (a ticket, a calendar event, a statement) under the given name. */
export function downloadFile(content: string, type: string, fileName: string): void {
  saveFile(new Blob([content], { type }), fileName);
}

/**
 * Hands an .ics text to the browser as a file download, made on the device (works offline): a
 * Blob URL and a temporary link; calendar apps open the file and, the UIDs being stable, replace
 * the events of an earlier export.
 */
export function downloadIcs(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from the place's name: letters, digits and dashes only. */
export function icsFileName(placeName: string, what: string): string {
  const base = placeName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
  return `aurora-${what}-${base || 'place'}.ics`;
}

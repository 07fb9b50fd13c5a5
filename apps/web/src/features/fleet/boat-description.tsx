// A translated description may carry formatting, so it is shown as HTML, sanitised first
// (ARCHITECTURE: any HTML from data is sanitised before it reaches the DOM). An untranslated
// one is plain text.
import { useMemo } from 'react';
import { sanitizeRichText } from '../../shared/html/sanitize-rich-text';

export function BoatDescription({
  text,
  asHtml,
  className,
}: {
  text: string;
  asHtml: boolean;
  className?: string;
}) {
  const html = useMemo(() => (asHtml ? sanitizeRichText(text) : ''), [text, asHtml]);
  if (!asHtml) return <p className={className}>{text}</p>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

// A translated description may carry formatting, so it is shown as HTML; it was sanitised when
// the fleet was fetched (api/get-boats.ts). An untranslated one is plain text.
export function BoatDescription({
  text,
  asHtml,
  className,
}: {
  text: string;
  asHtml: boolean;
  className?: string;
}) {
  if (!asHtml) return <p className={className}>{text}</p>;
  return <div className={className} dangerouslySetInnerHTML={{ __html: text }} />;
}

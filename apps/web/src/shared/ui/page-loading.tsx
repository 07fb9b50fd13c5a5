// Shown while a split-out screen or its translations load. No text: translations may not be there yet.
export function PageLoading() {
  return <div className="page-loading" role="progressbar" aria-busy="true" aria-label="…" />;
}

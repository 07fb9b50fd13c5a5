// The page an e-mail's link opens (/pay, /waitlist/offer, /review): the site's header and
// footer around its title and what the link's parameters open, or, when the address lacks one
// of them, the page's words for a link that is not valid (nothing is asked of the server).
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Banner } from '../ui/banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function LinkPage<K extends string>({
  className,
  title,
  params,
  invalid,
  children,
}: {
  /** The page's own layout (its width). */
  className: string | undefined;
  title: string;
  /** The address's parameters the link carries, every one required. */
  params: readonly K[];
  invalid: string;
  children: (link: Record<K, string>) => ReactNode;
}) {
  const [search] = useSearchParams();
  const link = Object.fromEntries(params.map((name) => [name, search.get(name) ?? ''])) as Record<K, string>;
  return (
    <>
      <SiteHeader />
      <main className={className}>
        <h1>{title}</h1>
        {params.every((name) => link[name]) ? children(link) : <Banner tone="error">{invalid}</Banner>}
      </main>
      <SiteFooter />
    </>
  );
}

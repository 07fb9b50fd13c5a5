// The one rule for HTML that comes from data (boat descriptions): text formatting and links
// only. No images, media, forms or styles: a description is a few lines of text on a card, and
// anything else is either decoration without alt text or an attack surface.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'span', 'ul', 'ol', 'li', 'a'];
const ALLOWED_ATTR = ['href', 'title'];

export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    // Only web and mail links; DOMPurify already drops javascript: URLs.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/)/i,
  });
}

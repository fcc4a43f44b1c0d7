/** Pages of the main site the menu links to (outside this app). */
export const SITE_LINKS = {
  about: 'https://limoo.ir/about-us',
  contact: 'https://limoo.ir/contact-us',
  terms: 'https://limoo.ir/terms',
  feedback: 'https://limoo.ir/complaints',
} as const

export const SOCIAL_LINKS = [
  { key: 'instagram', href: 'https://instagram.com/limoo.ir' },
  { key: 'telegram', href: 'https://t.me/limoo_ir' },
  { key: 'aparat', href: 'https://www.aparat.com/limoo' },
] as const

/** The main site's terms and privacy pages: the sign-in notice links them, and the menu links the terms. */
export const LEGAL_LINKS = {
  terms: 'https://limoo.ir/terms',
  privacy: 'https://limoo.ir/privacy',
} as const

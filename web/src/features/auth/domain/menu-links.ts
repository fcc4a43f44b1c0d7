import { paths } from '@/config/paths'
import { LEGAL_LINKS } from './legal-links'

/** Pages of the main site the menu links to (outside this app). */
export const SITE_LINKS = {
  about: 'https://limoo.ir/about-us',
  contact: 'https://limoo.ir/contact-us',
  terms: LEGAL_LINKS.terms,
  feedback: 'https://limoo.ir/complaints',
} as const

export const SOCIAL_LINKS = [
  { key: 'instagram', href: 'https://instagram.com/limoo.ir' },
  { key: 'telegram', href: 'https://t.me/limoo_ir' },
  { key: 'aparat', href: 'https://www.aparat.com/limoo' },
] as const

/** Screens of this app the menu opens, in menu order: label key and test id name each. */
export const APP_LINKS = [
  { key: 'home', to: paths.diets, testId: 'menu-home' },
  { key: 'orders', to: paths.ordersHistory, testId: 'menu-orders' },
  { key: 'reserves', to: paths.reserve, testId: 'menu-reserves' },
  { key: 'franchise', to: paths.franchise, testId: 'menu-franchise' },
  { key: 'limooCard', to: paths.limooCardIntro, testId: 'menu-limoo-card' },
] as const

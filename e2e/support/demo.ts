/**
 * The BFF's demo data (bff/demo/*.json), read so journeys compute the amounts they expect from the
 * same catalogue, codes and customers the BFF loads with DEMO_DATA=true instead of copying numbers.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from './bff'

/** The demo point value: POINT_VALUE_TOMAN's default (bff/src/config.rs). */
export const POINT_VALUE_TOMAN = 1_000

export interface DemoProduct {
  id: number
  title: string
  price: number
  finalPrice: number
  meta: { minAllowedPriceAfterPoints?: number }
}

type DiscountRule = { percent: number } | { amount: number }

export interface DemoPromotion {
  code: string
  meta: Record<string, DiscountRule>
}

export interface DemoCustomer {
  mobile: string
  email?: string
  points: number
}

export interface DemoWizardConfig {
  id: string
  pages: {
    topContent?: { mediaType?: string; mediaUrl?: string; previewImage?: string; subtitle?: string }
    middleContent?: { title?: string; subtitle?: string }
    options: { productId: number; ui?: { title?: string } }[]
  }[]
}

function demoFile<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(repoRoot, 'bff', 'demo', name), 'utf8')) as T
}

function find<T>(items: readonly T[], matches: (item: T) => boolean, what: string): T {
  const item = items.find(matches)
  if (item === undefined) throw new Error(`The demo data has no ${what}`)
  return item
}

export const demoProduct = (id: number): DemoProduct =>
  find(demoFile<DemoProduct[]>('catalogue.json'), (p) => p.id === id, `product ${id}`)

export const demoPromotion = (code: string): DemoPromotion =>
  find(demoFile<DemoPromotion[]>('promotions.json'), (p) => p.code === code, `promotion code ${code}`)

export const demoCustomer = (mobile: string): DemoCustomer =>
  find(demoFile<DemoCustomer[]>('customers.json'), (c) => c.mobile === mobile, `customer ${mobile}`)

export const demoWizardConfig = (id: string): DemoWizardConfig =>
  find(demoFile<DemoWizardConfig[]>('wizard-configs.json'), (c) => c.id === id, `wizard config ${id}`)

/** A product's price after a code: a percentage rounds the discount down to whole toman, never below 0. */
export function priceAfterCode(product: DemoProduct, promotion: DemoPromotion): number {
  const rule = promotion.meta[String(product.id)]
  if (rule === undefined) return product.finalPrice
  const off = 'percent' in rule ? Math.floor((product.finalPrice * rule.percent) / 100) : rule.amount
  return Math.max(0, product.finalPrice - off)
}

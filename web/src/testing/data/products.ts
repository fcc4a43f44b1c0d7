import type { components } from '@/lib/api'

type Product = components['schemas']['ProductDto']

let nextId = 100

/** A product with sensible defaults: an enabled one-month normal DIET of the Limoo shop. */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++
  return {
    id,
    title: `محصول ${id}`,
    price: 490000,
    finalPrice: 490000,
    currency: 'تومان',
    productType: 'DIET',
    service: 'LIMOO_SHOP',
    isEnabled: true,
    ...overrides,
    meta: { productCode: 'NORMAL', count: 1, tags: ['DIET'], ...overrides.meta },
  }
}

/** A catalogue as the BFF would sort it, with one product of every card kind. */
export function catalogue(): Product[] {
  return [
    buildProduct({ id: 1, title: 'رژیم یک ماهه', price: 490000, finalPrice: 490000 }),
    buildProduct({
      id: 2,
      title: 'رژیم یک ماهه ویژه',
      price: 890000,
      finalPrice: 690000,
      meta: { productCode: 'PREMIUM', count: 1, ui_component_badgeIcon: 'CROWN' },
    }),
    buildProduct({
      id: 3,
      title: 'رژیم سه ماهه',
      price: 1200000,
      finalPrice: 990000,
      meta: { productCode: 'NORMAL', count: 3, isAllowedMentor: true },
    }),
    buildProduct({
      id: 4,
      title: 'بسته رژیم و ورزش',
      productType: 'BUNDLE',
      price: 1500000,
      finalPrice: 1250000,
      meta: {
        ui_component: 'PREMIUM',
        featured: true,
        count: 3,
        products: [
          { title: 'رژیم سه ماهه', productType: 'DIET' },
          { title: 'برنامه ورزشی', subtitle2: 'سه ماهه', productType: 'DIET' },
        ],
      },
    }),
    buildProduct({
      id: 5,
      title: 'هدیه همکاران',
      productType: 'TAG',
      price: 0,
      finalPrice: 0,
      meta: { value: 'PARTNERS', selectPackageType: 'd', tags: ['DIET'] },
    }),
    buildProduct({
      id: 6,
      title: 'بسته‌های ورزشی',
      productType: 'TAG',
      price: 0,
      finalPrice: 0,
      meta: { value: 'SPORT', tags: ['DIET'] },
    }),
    buildProduct({
      id: 7,
      title: 'تخفیف همکار',
      productType: 'PARTNER_DISCOUNT',
      price: 300000,
      finalPrice: 200000,
      meta: { type: 'PARTNER_DISCOUNT' },
    }),
  ]
}

/** The mentor add-ons of the demo catalogue: one per diet length (ids 151/152/153). */
export function mentorProducts(): Product[] {
  return [
    buildProduct({ id: 151, title: 'همراه شخصی یک ماهه', productType: 'MENTOR', price: 190000, finalPrice: 190000, meta: { count: 1, tags: ['MENTOR'] } }),
    buildProduct({ id: 152, title: 'همراه شخصی سه ماهه', productType: 'MENTOR', price: 490000, finalPrice: 490000, meta: { count: 3, tags: ['MENTOR'] } }),
    buildProduct({ id: 153, title: 'همراه شخصی شش ماهه', productType: 'MENTOR', price: 890000, finalPrice: 890000, meta: { count: 6, tags: ['MENTOR'] } }),
  ]
}

/** Partner bundles as /partner-bundle-landing lists them. */
export function partnerBundles(): Product[] {
  return [
    buildProduct({
      id: 142,
      title: 'بسته همکاران: رژیم و تخفیف خرید',
      productType: 'BUNDLE',
      price: 690000,
      finalPrice: 490000,
      meta: {
        type: 'PARTNER_DISCOUNT',
        count: 1,
        tags: ['PARTNER_DISCOUNT'],
        products: [
          { title: 'رژیم یک ماهه', productType: 'DIET', images: { logo: '/logo-limoo.svg' } },
          { title: 'کد تخفیف فروشگاه همکار', subtitle2: 'تا ۳۰٪', productType: 'PARTNER_DISCOUNT', images: { logo: '/logo-partner.svg' } },
        ],
      },
    }),
    buildProduct({
      id: 143,
      title: 'بسته همکاران سه ماهه',
      productType: 'BUNDLE',
      price: 1290000,
      finalPrice: 990000,
      meta: { type: 'PARTNER_DISCOUNT', count: 3, tags: ['PARTNER_DISCOUNT'], products: [{ title: 'رژیم سه ماهه', productType: 'DIET' }] },
    }),
  ]
}

/** The default catalogue answer by the `where` filter's tag: mentors, partner bundles, else the flat-list catalogue. */
export function catalogueFor(where: string | null): Product[] {
  let tag: unknown
  try {
    tag = (JSON.parse(where ?? '{}') as Record<string, unknown>)['meta.tags']
  } catch {
    tag = undefined
  }
  if (tag === 'MENTOR') return mentorProducts()
  if (tag === 'PARTNER_DISCOUNT') return partnerBundles()
  return catalogue()
}

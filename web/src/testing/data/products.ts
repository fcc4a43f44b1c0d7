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

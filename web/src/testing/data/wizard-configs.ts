import type { components } from '@/lib/api'
import { buildProduct } from './products'

type WizardConfig = components['schemas']['WizardConfigDto']
type OptionUi = components['schemas']['OptionUi']

/** An option's ui with the demo configs' flags: prices and currency shown, no badge, no plus sign. */
function ui(fields: Partial<OptionUi> & Pick<OptionUi, 'title'>): OptionUi {
  return {
    showLeftBadge: false,
    showOriginalPrice: true,
    showFinalPrice: true,
    showCurrency: true,
    showPlusSign: false,
    ...fields,
  }
}

/**
 * A two-page configuration shaped like the demo SELECT_PACKAGE_F_PRODUCTS: diet lengths on page 1 (one option whose
 * product is missing), mentor add-ons on page 2, each shown for its page-1 choice; page 2 is optional.
 */
export function twoPageWizardConfig(id = 'SELECT_PACKAGE_F_PRODUCTS'): WizardConfig {
  const products = [
    buildProduct({ id: 101, title: 'رژیم یک ماهه', price: 590000, finalPrice: 490000 }),
    buildProduct({ id: 102, title: 'رژیم سه ماهه', price: 1200000, finalPrice: 990000 }),
    buildProduct({ id: 103, title: 'رژیم شش ماهه', price: 1800000, finalPrice: 1800000 }),
    buildProduct({ id: 151, title: 'همراه یک ماهه', productType: 'MENTOR', price: 190000, finalPrice: 190000 }),
    buildProduct({ id: 152, title: 'همراه سه ماهه', productType: 'MENTOR', price: 490000, finalPrice: 490000 }),
  ]
  return {
    id,
    productsTag: 'DIET',
    products: Object.fromEntries(products.map((product) => [String(product.id), product])),
    pages: [
      {
        topContent: { mediaType: 'image', mediaUrl: '/media/wizard-top.jpg', subtitle: 'رژیم اختصاصی زیر نظر کارشناس' },
        middleContent: { title: 'مدت دوره را انتخاب کنید', subtitle: 'هر زمان می‌توانید تمدید کنید' },
        optional: false,
        options: [
          {
            productId: 101,
            ui: ui({
              title: 'یک ماهه',
              subtitle: 'شروع سریع',
              topLeftBadge: 'پرفروش',
              showLeftBadge: true,
              description: {
                title: 'چه چیزهایی می‌گیرید',
                paragraph: 'برنامه هر هفته به‌روز می‌شود.',
                bullets: ['رژیم اختصاصی', 'پشتیبانی'],
                bulletsStyle: 'dot',
                showTitle: true,
                showSubtitle: true,
                showParagraph: true,
                showBullets: true,
              },
            }),
          },
          { productId: 999, ui: ui({ title: 'محصول حذف‌شده' }) },
          { productId: 102, ui: ui({ title: 'سه ماهه', topLeftBadge: 'بی‌نشان' }) },
          { productId: 103, ui: ui({ title: 'شش ماهه', showCurrency: false }) },
        ],
      },
      {
        middleContent: { subtitle: 'همراه شخصی به شما کمک می‌کند' },
        optional: true,
        options: [
          { productId: 151, ui: ui({ title: 'همراه یک ماهه', showPlusSign: true }), showIf: { '1': 101 } },
          { productId: 152, ui: ui({ title: 'همراه سه ماهه', showPlusSign: true }), showIf: { '1': 102 } },
        ],
      },
    ],
    config: {},
  }
}

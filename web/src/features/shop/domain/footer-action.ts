import { paths } from '@/config/paths'
import type { Product } from '../types'

/** What the select-package-c footer button does for the selected product [PM-12…PM-16]. */
export type FooterAction =
  | { kind: 'none' }
  | { kind: 'chooseGift'; to: string }
  | { kind: 'category'; to: string }
  | { kind: 'additionalProducts' }
  | { kind: 'completePurchase' }

export function footerActionFor(selected: Product | undefined): FooterAction {
  if (!selected) return { kind: 'none' }
  if (selected.productType === 'TAG') {
    if (selected.meta?.selectPackageType === 'd') return { kind: 'chooseGift', to: paths.selectPackageD }
    const category = (selected.meta?.value ?? selected.meta?.tags?.[0] ?? '').toLowerCase()
    return { kind: 'category', to: paths.selectCategoryPackages(category) }
  }
  if (selected.meta?.isAllowedMentor === true) return { kind: 'additionalProducts' }
  return { kind: 'completePurchase' }
}

import type { components } from '@/lib/api'

/** A catalogue product, exactly as the generated API schema describes it. */
export type Product = components['schemas']['ProductDto']

export type ProductType = Product['productType']

import { queryOptions, useQuery } from '@tanstack/react-query'
import { SHOP_SERVICE } from '@/config/env'
import { MENTOR_TAG } from '../domain/mentor'
import { fetchProducts } from './get-products'

/** The mentor add-ons of the shop (productType MENTOR); fetched when the additional-products popup opens. */
export function mentorProductsQueryOptions() {
  return queryOptions({
    queryKey: ['shop', 'products', 'mentors'],
    queryFn: ({ signal }) =>
      fetchProducts({ service: SHOP_SERVICE, isEnabled: true, productType: 'MENTOR', 'meta.tags': MENTOR_TAG }, {}, signal),
  })
}

export function useMentorProducts(enabled: boolean) {
  return useQuery({ ...mentorProductsQueryOptions(), enabled })
}

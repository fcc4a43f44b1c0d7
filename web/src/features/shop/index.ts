export { CreateOrderWithProductIdsPage } from './components/create-order-with-product-ids'
export { PartnerBundleLandingPage } from './components/partner-bundle-landing'
export { SelectPackageCPage } from './components/select-package-c'
export { revalidateUnlessOverlayChanged } from './hooks/use-overlay-param'

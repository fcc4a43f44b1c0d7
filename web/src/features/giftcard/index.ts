export { GiftCardFormPage } from './components/gift-card-form-page'
export { GiftProductsPage } from './components/gift-products-page'
export { GiftResultPage } from './components/gift-result-page'
export { LimooCardIntroPage } from './components/limoo-card-intro-page'

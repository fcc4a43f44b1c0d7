export { OrdersHistoryPage } from './components/orders-history-page'
export { ReservePage } from './components/reserve-page'

export { formatCount, localDigits } from '@/lib/digits'

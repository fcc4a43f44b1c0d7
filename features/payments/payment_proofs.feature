Feature: رسید یک پرداخت فقط همان پرداخت را می‌پردازد
  A gateway's proof of payment (SEP's RefNum, a Gumroad sale id) pays for one payment only. SEP does not stop a
  RefNum being reused and a Gumroad sale ping is unsigned (shared/gateways.md §6), so the shop must: a hostile script
  that pays one order for real and then posts a callback of its own making for another order of the customer, with
  the first payment's proof, pays nothing, whatever the second order costs, and the first payment's money stays
  where it is (nothing reversed or refunded from under the order it paid). No rule names this; it is the shop's
  own guarantee.

  Scenario Outline: رسید پرداخت اول در درگاه <sim> سفارش محصول <product> را نمی‌پردازد
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری با روش "<method>" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then سفارش دقیقا یک بار پرداخت شده است
    When مشتری سفارش تازه‌ای از محصول <product> می‌سازد و با روش "<method>" پرداخت را آغاز می‌کند
    And اسکریپتی بازگشت درگاه "<sim>" را با رسید پرداخت سفارش قبلی برای سفارش تازه می‌فرستد
    Then سفارش هیچ‌بار پرداخت نشده است
    And پول پرداخت سفارش قبلی در شبیه‌ساز "<sim>" مانده است

    Examples:
      | method        | sim     | product |
      | LIMOO_SAMAN   | saman   | 101     |
      | LIMOO_SAMAN   | saman   | 102     |
      | LIMOO_GUMROAD | gumroad | 101     |

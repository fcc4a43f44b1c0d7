Feature: رسید یک پرداخت فقط همان پرداخت را می‌پردازد
  A gateway's proof of payment (SEP's RefNum, a Gumroad sale id) pays for one payment only. SEP does not stop a
  RefNum being reused and a Gumroad sale ping is unsigned (shared/gateways.md §6), so the shop must: a hostile script
  that pays one order for real and then posts a callback of its own making for another order of the customer, with
  the first payment's proof, pays nothing, whatever the second order costs, and the first payment's money stays
  where it is (nothing reversed or refunded from under the order it paid). No rule names this; it is the shop's
  own guarantee.

  @in-process
  Scenario Outline: رسید پرداخت اول در درگاه <sim> سفارش محصول <product> را نمی‌پردازد
    Given مشتری "09121234567" سفارش محصول 101 را بدون امتیاز ساخته است
    When مشتری با روش "<method>" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then سفارش دقیقا یک بار پرداخت شده است
    When مشتری سفارش تازه‌ای از محصولات "<product>" می‌سازد و با روش "<method>" پرداخت را آغاز می‌کند
    And اسکریپتی بازگشت درگاه "<sim>" را با رسید پرداخت سفارش قبلی برای سفارش تازه می‌فرستد
    Then سفارش هیچ‌بار پرداخت نشده است
    And پول پرداخت سفارش قبلی در شبیه‌ساز "<sim>" مانده است

    Examples:
      | method        | sim     | product |
      | LIMOO_SAMAN   | saman   | 101     |
      | LIMOO_SAMAN   | saman   | 102     |
      | LIMOO_GUMROAD | gumroad | 101     |

  @in-process
  Scenario Outline: سبد <products> با گامرود پرداخت نمی‌شود، چون فروش گامرود تنها محصول خودش را می‌خرد
    A Gumroad sale buys one product at Gumroad's price: an order that holds anything besides that product is
    refused before any sale is offered, so buying the cheap item cannot pay for the whole basket.
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری سفارش تازه‌ای از محصولات "<products>" می‌سازد و با روش "LIMOO_GUMROAD" پرداخت را آغاز می‌کند
    Then پاسخ خطای 400 با کد "400" است
    And سفارش هیچ‌بار پرداخت نشده است
    And شبیه‌ساز "gumroad" هیچ پرداختی ندارد

    Examples:
      | products |
      | 101, 102 |
      | 102, 101 |
      | 102      |

  @in-process
  Scenario Outline: رسیدی که مشتری دیگر در بازگشت درگاه <sim> خودش می‌فرستد فقط پرداخت صاحبش را می‌پردازد
    Digipay's verify answer names the purchase's providerId and PayPing refuses a paymentRefId with another payment's
    code: another customer who posts this customer's proof on their own payment's callback, before this customer's
    browser comes back, at the same price or a dearer one, pays nothing and claims nothing; this customer's own
    callback still completes the order, and the gateway keeps this customer's money once.
    Given مشتری "09121234567" سفارش محصول 101 را بدون امتیاز ساخته است
    When مشتری با روش "<method>" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه می‌پردازد ولی مرورگرش هنوز به فروشگاه برنگشته است
    And مشتری دیگر "09127654321" سفارش محصول <product> را با روش "<method>" آغاز می‌کند و رسید پرداخت مشتری را در بازگشت درگاه "<sim>" خودش می‌فرستد
    And مرورگر مشتری به فروشگاه برمی‌گردد
    Then مرورگر با وضعیت "OK" به صفحه نتیجه سفارش برمی‌گردد
    And سفارش دقیقا یک بار پرداخت شده است
    And سفارش مشتری دیگر هیچ‌بار پرداخت نشده است
    And درگاه "<sim>" پول مشتری را یک بار و برای سفارش خودش نگه داشته است

    Examples:
      | method        | sim     | product |
      | limoo_digipay | digipay | 101     |
      | limoo_digipay | digipay | 102     |
      | PAYPING       | payping | 101     |

  @in-process
  Scenario: پیوند گامرود که دو بار باز و دو بار خریده شود سفارش را یک بار می‌پردازد و فروش دوم پس داده می‌شود
    Each visit to a Gumroad product link is a checkout of its own, so two tabs (or Back and buy again) make two sales
    naming one payment. The first pays the order; the second goes back through Gumroad's refund and shows in the
    orders history.
    Given مشتری "09121234567" سفارش محصول 101 را بدون امتیاز ساخته است
    When مشتری با روش "LIMOO_GUMROAD" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then مرورگر با وضعیت "OK" به صفحه نتیجه سفارش برمی‌گردد
    And سفارش دقیقا یک بار پرداخت شده است
    And گامرود 1 فروش را پس داده و تاریخچه سفارش همان را بازپرداخت "REVERSED" نشان می‌دهد

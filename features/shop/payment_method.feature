@ui
Feature: روش پرداخت پیش‌فرض
  The payment-method popup preselects the first gateway the basket items' meta allows; else the session
  defaultPaymentMethod, or `online` when paymentMethodsVisibility is all; else the first listed method
  (spec 2 §3, §4). The catalogue has no paymentGateways field, so the first scenario writes it into the order's
  stored basket line, which the invoice passes on as it is.

  Background:
    Given مشتری با شماره "09121234567" ثبت‌نام کرده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" در مرورگر وارد شده است
    And سفارش "101" مشتری "09121234567" برای پرداخت انتخاب شده است

  @PR-48
  Scenario: درگاه مجاز در meta محصول بر تنظیم جلسه مقدم است
    Given قلم محصول 101 سفارش "101" مشتری "09121234567" درگاه‌های '["C2C"]' را مجاز می‌داند
    And در حافظه جلسه "defaultPaymentMethod" برابر "online" است
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش پرداخت انتخاب‌شده "c2c" است

  @PR-49 @PR-50
  Scenario: بدون درگاه محصول روش جلسه، سپس online با نمایش همه، سپس اولین روش فهرست پیش‌فرض است
    Given در حافظه جلسه "defaultPaymentMethod" برابر "c2c" است
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش پرداخت انتخاب‌شده "c2c" است
    When مقدار "defaultPaymentMethod" در حافظه جلسه "" می‌شود
    And مشتری صفحه "/checkout-new" را از نو باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش پرداخت انتخاب‌شده "online" است
    When مقدار "paymentMethodsVisibility" در حافظه جلسه "c2c,online" می‌شود
    And مشتری صفحه "/checkout-new" را از نو باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش پرداخت انتخاب‌شده "c2c" است

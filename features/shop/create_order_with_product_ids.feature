@ui
Feature: ساخت سفارش از شناسه محصولات
  /CreateOderWithProductIds/?productIds=a,b&backUrl=… waits 1 s, creates one order of those products and replaces
  itself with /checkout-new (spec 2 §2, §4, §9). The wait is timed on the page's own clock, from when it rendered its
  waiting line to when it sent the order request; the bound leaves room for timer granularity only.

  @RG-48
  Scenario: یک سفارش با همه شناسه‌ها پس از یک ثانیه ساخته می‌شود و مشتری به صورتحساب می‌رسد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه ساخت سفارش "/CreateOderWithProductIds/?productIds=101,151&backUrl=%2Fselect-package-c" را باز می‌کند
    Then مشتری به مسیر "/checkout-new" می‌رسد
    And سفارش در حافظه جلسه محصولات "101, 151" را دارد
    And سفارش دست‌کم 990 میلی‌ثانیه پس از نمایش صفحه ساخت سفارش ساخته شده است
    And مشتری "09121234567" دقیقا 1 سفارش دارد

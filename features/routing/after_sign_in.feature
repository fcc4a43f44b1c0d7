@ui
Feature: مقصد پس از ورود
  Where /enter-success sends a signed-in customer and how the auth paths treat the stored redirect
  (spec 1 §2; the stored redirect is session storage `redirectAfterLogin`).

  # The customers below have a paid diet, so /user-panel keeps them (without one it sends them to buy, RG-34).
  @RG-04 @RG-08
  Scenario: ورود بدون next مقصد ذخیره‌شده قبلی را پاک می‌کند و به پنل کاربر می‌رسد
    Given مشتری با شماره "09121234567" ثبت‌نام کرده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "FREE100" را روی سفارش "101" ثبت کرده است
    And مشتری "09121234567" سفارش "101" را نهایی کرده است
    And در حافظه جلسه "redirectAfterLogin" برابر "/checkout-new" است
    When مشتری صفحه "/enter" را باز می‌کند
    Then در حافظه جلسه "redirectAfterLogin" نیست
    When مشتری شماره "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    And مشتری کد پیامک‌شده به "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    Then مشتری وارد شده است
    And مشتری به مسیر "/user-panel" می‌رسد

  @RG-07
  Scenario: با loginBeforeResult و بدون مقصد ذخیره‌شده ورود به نتیجه می‌رسد
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "loginBeforeResult" برابر "true" است
    When مشتری صفحه "/enter-success" را باز می‌کند
    Then مشتری به مسیر "/result" می‌رسد

  # The other RG-06 scenarios leave loginBeforeResult unset, so only this one fails if /result went first.
  @RG-06
  Scenario: مقصد ذخیره‌شده بر loginBeforeResult مقدم است
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "loginBeforeResult" برابر "true" است
    And در حافظه جلسه "redirectAfterLogin" برابر "/orders-history" است
    When مشتری صفحه "/enter-success" را باز می‌کند
    Then مشتری به مسیر "/orders-history" می‌رسد

  @RG-08
  Scenario: بدون مقصد ذخیره‌شده و بدون loginBeforeResult ورود به پنل کاربر می‌رسد
    Given مشتری با شماره "09121234567" وارد شده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "FREE100" را روی سفارش "101" ثبت کرده است
    And مشتری "09121234567" سفارش "101" را نهایی کرده است
    When مشتری صفحه "/enter-success" را باز می‌کند
    Then مشتری به مسیر "/user-panel" می‌رسد

  @RG-29
  Scenario: نتیجه بدون loginBeforeResult برای بازدیدکننده ناشناس باز می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result" را باز می‌کند
    Then مشتری به مسیر "/result" می‌رسد
    And پنجره ورود دیده نمی‌شود

  @RG-29 @RG-07
  Scenario: نتیجه با loginBeforeResult ورود می‌خواهد و پس از ورود به نتیجه برمی‌گردد
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result?loginBeforeResult=true" را باز می‌کند
    Then آدرس صفحه "/result" را در پارامتر next دارد
    When مشتری شماره "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    And مشتری کد پیامک‌شده به "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    Then مشتری وارد شده است
    And مشتری به مسیر "/result" می‌رسد

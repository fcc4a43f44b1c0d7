@ui
Feature: هدایت مشتری دارای سفارش پروفایل
  The package pages' guards read GET /lemonade/api/orders/profile-orders: a paid order of a product whose meta
  dietType is PROF or AFTER_PROF sends the customer to wizard page 1 with the matching config, unless the query
  says noRedirect=true or already has a configId (spec 1 §2). The orders are real: the customer's points bring
  them to 0 and finalize-order pays them.

  Background:
    Given مشتری "09121234567" با 1490 امتیاز ثبت‌نام کرده است

  @RG-17 @RG-19 @RG-20 @RG-21
  Scenario: مشتری دارای سفارش PROF به پیکربندی SELECT_F_AFTER_PROF هدایت می‌شود
    Given مشتری "09121234567" سفارشی از محصولات "111" ساخته است
    And مشتری "09121234567" امتیازش را روی سفارش "111" گذاشته است
    And مشتری "09121234567" سفارش "111" را نهایی کرده است
    And مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1?configId=SELECT_F_AFTER_PROF" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "201, 202, 203"
    When مشتری صفحه "/select-package-f/1?utm_source=sms" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1?utm_source=sms&configId=SELECT_F_AFTER_PROF" می‌رسد
    # The paid diet is running, so page c's can-buy-diet check would send the customer to /diets [RG-22];
    # sendToPanel=false (kept in session) leaves them on the page.
    When مشتری صفحه "/select-package-c?noRedirect=true&sendToPanel=false" را باز می‌کند
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?noRedirect=true&sendToPanel=false" می‌رسد
    When مشتری صفحه "/select-package-c?configId=SELECT_PACKAGE_F_PRODUCTS" را باز می‌کند
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?configId=SELECT_PACKAGE_F_PRODUCTS" می‌رسد
    When مشتری صفحه "/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103, 111, 112"
    And مشتری به آدرس "/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS" می‌رسد

  @RG-18 @RG-19 @RG-20
  Scenario: مشتری دارای سفارش AFTER_PROF به پیکربندی SELECT_F_RECOVER_AFTER_PROF هدایت می‌شود
    Given مشتری "09121234567" سفارشی از محصولات "203" ساخته است
    And مشتری "09121234567" امتیازش را روی سفارش "203" گذاشته است
    And مشتری "09121234567" سفارش "203" را نهایی کرده است
    And مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1?configId=SELECT_F_RECOVER_AFTER_PROF" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "211, 212"
    When مشتری صفحه "/select-package-f/1?utm_source=sms" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1?utm_source=sms&configId=SELECT_F_RECOVER_AFTER_PROF" می‌رسد
    When مشتری صفحه "/select-package-f/1?noRedirect=true" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103, 111, 112"
    And مشتری به آدرس "/select-package-f/1?noRedirect=true" می‌رسد

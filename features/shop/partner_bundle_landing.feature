@ui
Feature: صفحه بسته‌های همکاران
  /partner-bundle-landing lists the partner bundles; its back button returns to `next`, else to select-package-c
  without the intro (spec 1 §2).

  @RG-38
  Scenario: بازگشت به آدرس next می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/partner-bundle-landing?next=/payment-success" را باز می‌کند
    And مشتری دکمه بازگشت بسته‌های همکاران را می‌زند
    Then مشتری به آدرس "/payment-success" می‌رسد

  @RG-38
  Scenario: بدون next بازگشت به صفحه انتخاب دوره بدون معرفی می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/partner-bundle-landing" را باز می‌کند
    And مشتری دکمه بازگشت بسته‌های همکاران را می‌زند
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?showIntro=false" می‌رسد

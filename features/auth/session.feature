@ui
Feature: نشست‌ها، نگهبان مسیرها و منوی کاربر
  Start-up sessions, the login guard and the signed-in menu (spec 1 §2, §4, §6).

  @AU-35
  Scenario: با باز شدن برنامه جلسه بازدید ساخته می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-f/1?utm_source=google" را باز می‌کند
    Then جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است

  @RG-15
  Scenario: بازدیدکننده ناشناس برای صفحه انتخاب دوره به ورود فرستاده می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then آدرس صفحه "/select-package-c" را در پارامتر next دارد

  @RG-15 @RG-16
  Scenario: با sPCRequireAuth=false صفحه انتخاب دوره بدون ورود باز می‌شود ولی صورتحساب نه
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c?sPCRequireAuth=false" را باز می‌کند
    Then متن "انتخاب دوره" دیده می‌شود
    When مشتری صفحه "/checkout-new" را باز می‌کند
    Then آدرس صفحه "/checkout-new" را در پارامتر next دارد

  @RG-03 @RG-05 @RG-06
  Scenario: مشتری واردشده از صفحه ورود به مقصد ذخیره‌شده می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/enter?next=%2Fselect-package-c" را باز می‌کند
    Then مشتری به مسیر "/select-package-c" می‌رسد

  @AU-55 @AU-46
  Scenario: منوی کناری مشتری واردشده و خروج
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    And مشتری منوی کناری را باز می‌کند
    Then منوی کناری پیوند "خروج" دارد
    When مشتری از منوی کناری خارج می‌شود
    Then مشتری به مسیر "/logout" می‌رسد
    And حافظه مرورگر خالی است

  @AU-55
  Scenario: بازدیدکننده ناشناس منوی کناری ندارد
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c?sPCRequireAuth=false" را باز می‌کند
    Then دکمه منوی کناری دیده نمی‌شود

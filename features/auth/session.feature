@ui
Feature: نشست‌ها، نگهبان مسیرها و منوی کاربر
  Start-up sessions, the login guard and the signed-in menu (spec 1 §2, §4, §6).

  @AU-35
  Scenario: با باز شدن برنامه جلسه بازدید ساخته می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result?utm_source=google" را باز می‌کند
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

  @RG-03 @RG-05
  Scenario: مشتری واردشده از صفحه ورود به مقصد ذخیره‌شده می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/enter?next=%2Fselect-package-c" را باز می‌کند
    Then مشتری به مسیر "/select-package-c" می‌رسد

  @AU-55 @AU-46
  Scenario: منوی کناری مشتری واردشده و خروج
    Given مشتری با شماره "09121234567" از پنجره ورود وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    And مشتری منوی کناری را باز می‌کند
    Then منوی کناری پیوند "خروج" دارد
    When مشتری از منوی کناری خارج می‌شود
    Then مشتری به مسیر "/logout" می‌رسد
    And حافظه مرورگر خالی است
    # Beyond AU-46: the token the device held is refused on the server too, not only forgotten (the
    # sign-out ends the sign-in of the device's refresh cookie, which is what records the token).
    And سرور توکن پیشین مشتری را دیگر نمی‌پذیرد

  @AU-55
  Scenario: بازدیدکننده ناشناس منوی کناری ندارد
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c?sPCRequireAuth=false" را باز می‌کند
    Then دکمه منوی کناری دیده نمی‌شود

  @AU-36
  Scenario: جلسه موجود بدون تغییر utm دوباره فرستاده نمی‌شود و با utm تازه به‌روز می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result?utm_source=google" را باز می‌کند
    Then جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است
    When مشتری صفحه "/result?utm_source=google" را از نو باز می‌کند
    Then بازدید صفحه "/result" برای این جلسه ثبت شده است
    And جلسه بازدید پس از ساخته شدن تغییری نکرده است
    When مشتری صفحه "/result?utm_source=instagram" را از نو باز می‌کند
    Then جلسه بازدید با "utmSource" برابر "instagram" به‌روز شده است

  @AU-38
  Scenario: تغییر پرچم ویژگی در حافظه جلسه و جلسه بازدید نوشته می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result" را باز می‌کند
    Then جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است
    When مشتری صفحه "/result?isOperatorTheme=true" را باز می‌کند
    Then در حافظه جلسه "isOperatorTheme" برابر "true" است
    And جلسه بازدید با "isOperatorTheme" برابر "true" به‌روز شده است

  @AU-48 @AU-53
  Scenario: رویداد تحلیلی با شناسه مشتری، سرویس، جلسه و ارز IRR ثبت می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then رویداد "page_view" با دسته "page"، سرویس "LIMOO_SHOP"، شناسه مشتری و شناسه جلسه ثبت شده است
    And رویداد "page_view" ارز "IRR" را در meta دارد

  @AU-54
  Scenario: با پرچم تم اپراتور لوگوی اپراتور در نوار بالا دیده می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result?isOperatorTheme=true" را باز می‌کند
    Then لوگوی اپراتور در نوار بالا دیده می‌شود

  @AU-54
  Scenario: بدون پرچم تم اپراتور لوگوی اپراتور نیست
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result" را باز می‌کند
    Then لوگوی اپراتور دیده نمی‌شود

  @AU-37
  Scenario: در عمل، شکست ساختن جلسه بازدید رویداد خطای create_session می‌فرستد و شناسه‌ای نگه داشته نمی‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    And جدول جلسه‌های بازدید فروشگاه از دست رفته است
    When مشتری صفحه "/result?utm_source=google" را باز می‌کند
    Then رویداد خطای "create_session" با پیام شکست ثبت شده است
    And در حافظه جلسه "sessId" نیست

  @AU-37
  Scenario: در عمل، شکست به‌روزرسانی جلسه بازدید رویداد خطای patch_session می‌فرستد
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result?utm_source=google" را باز می‌کند
    Then جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است
    When جلسه بازدید این مرورگر در فروشگاه پاک می‌شود
    And مشتری صفحه "/result?utm_source=instagram" را از نو باز می‌کند
    Then رویداد خطای "patch_session" با پیام شکست برای این جلسه ثبت شده است

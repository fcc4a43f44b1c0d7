@ui
Feature: گام فروشگاه پرسشنامه‌ها (فهرست محصولات صفحه c)
  پس از پرسشنامه، صفحه c محصولات برچسب همان پرسشنامه (productsTag جلسه، پیش‌فرض DIET) را از BFF می‌گیرد: با
  توکن اگر باشد و بی‌توکن اگر نه، با کمپین utm جلسه. شکست و فهرست خالی هم پیام و رویداد خود را دارند (بخش ۴، ۶، ۷
  و ۸ سند ۳).

  @PM-84
  Scenario: مشتری واردشده محصولات برچسب کنکور را با توکن و کمپین جلسه می‌گیرد — i4s3
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c?landing=KONKUR&productsTag=KONKUR&utm_campaign=spring" را باز می‌کند و درخواست‌های محصولات دیده می‌شوند
    Then کارت‌های محصول به این ترتیب‌اند: "181"
    And درخواست محصولات فقط محصولات فعال سرویس "LIMOO_SHOP" با برچسب "KONKUR" را می‌خواهد
    And درخواست محصولات کمپین "spring" را می‌فرستد
    And درخواست محصولات با توکن مشتری فرستاده می‌شود

  # sPCRequireAuth=false opens page c to a visitor who has not signed in (RG-16).
  @PM-84
  Scenario: بازدیدکننده واردنشده محصولات برچسب پیش‌فرض DIET را بی‌توکن و بی‌کمپین می‌گیرد — i4s3
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c?sPCRequireAuth=false" را باز می‌کند و درخواست‌های محصولات دیده می‌شوند
    Then کارت محصول 112 انتخاب شده است
    And درخواست محصولات فقط محصولات فعال سرویس "LIMOO_SHOP" با برچسب "DIET" را می‌خواهد
    And درخواست محصولات کمپینی نمی‌فرستد
    And درخواست محصولات بی‌توکن فرستاده می‌شود

  # noRedirect=true and sendToPanel=false skip the guard calls, which need the database too (their failure is RG-24's).
  @ER-59
  Scenario: شکست گرفتن محصولات گام فروشگاه کنکور پیام خطا می‌دهد و فهرستی نمی‌ماند — i4s3
    Given مشتری با شماره "09121234567" وارد شده است
    And پایگاه داده فروشگاه در دسترس نیست
    When مشتری صفحه "/select-package-c?landing=KONKUR&productsTag=KONKUR&noRedirect=true&sendToPanel=false" را باز می‌کند
    Then متن "متاسفانه مشکلی پیش آمده لطفا مجددا تلاش نمایید." دیده می‌شود
    And بخش "product-card" دیده نمی‌شود
    And پایین صفحه دکمه‌ای ندارد

  @ER-64
  Scenario: فهرست خالی محصولات رویداد خطای no_products را می‌فرستد — i4s3
    Given فروشگاه هیچ محصولی ندارد
    And مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then متن "در حال حاضر محصولی موجود نمیباشد." دیده می‌شود
    And رویداد "no_products" با دسته "error"، سرویس "LIMOO_SHOP"، شناسه مشتری و شناسه جلسه ثبت شده است

@ui
Feature: خرید از صفحه انتخاب دوره (select-package-c)
  Guard errors carried in the query, order creation and its failure, the mentor add-on's errors, the back button
  and the anonymous purchase that signs in first (spec 2 §2, §4, §8).

  @ER-17
  Scenario: بازدیدکننده ناشناس بخش خطای اتصال را نمی‌بیند
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c?sPCRequireAuth=false&errorMessage=boom" را باز می‌کند
    Then کارت محصول 112 انتخاب شده است
    And بخش خطای اتصال دیده نمی‌شود

  @ER-17 @ER-18
  Scenario: مشتری واردشده با errorCode بخش خطای اتصال را می‌بیند و تلاش مجدد errorCode و errorMessage را برمی‌دارد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c?errorCode=500&errorMessage=boom&productsTag=DIET" را باز می‌کند
    Then بخش خطای اتصال با دکمه تلاش مجدد دیده می‌شود
    When مشتری دکمه تلاش مجدد بخش خطای اتصال را می‌زند
    Then مشتری به آدرس "/select-package-c?productsTag=DIET" می‌رسد
    And کارت محصول 112 انتخاب شده است
    And بخش خطای اتصال دیده نمی‌شود

  # The closed database fails the profile-orders guard call with a server error (not a 401).
  @RG-24 @ER-17
  Scenario: تماس ناموفق نگهبان مسیر همان صفحه را با errorCode و errorMessage دوباره باز می‌کند
    Given مشتری با شماره "09121234567" وارد شده است
    And پایگاه داده فروشگاه در دسترس نیست
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then مشتری به مسیر "/select-package-c" با پارامترهای "errorCode, errorMessage" می‌رسد
    And بخش خطای اتصال با دکمه تلاش مجدد دیده می‌شود

  @ER-19
  Scenario: ساخت سفارش ناموفق مشتری را در صفحه نگه می‌دارد و تلاش مجدد آن را به حالت اول برمی‌گرداند
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    And مشتری محصول 113 را انتخاب می‌کند
    And محصول 113 در فروشگاه غیرفعال می‌شود
    And مشتری دکمه پایین صفحه را می‌زند
    Then بخش خطای اتصال با دکمه تلاش مجدد دیده می‌شود
    And مشتری به آدرس "/select-package-c" می‌رسد
    And مشتری "09121234567" هیچ سفارشی ندارد
    When مشتری دکمه تلاش مجدد بخش خطای اتصال را می‌زند
    Then بخش خطای اتصال دیده نمی‌شود
    And دکمه پایین صفحه "تکمیل خرید" است

  @ER-38
  Scenario: خطا در گرفتن محصول همراه شخصی پیام خطای افزودن را نشان می‌دهد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    And مشتری محصول 101 را انتخاب می‌کند
    And پایگاه داده فروشگاه از دسترس خارج می‌شود
    And مشتری دکمه پایین صفحه را می‌زند
    And مشتری کلید همراه شخصی را روشن می‌کند
    Then پیام همراه شخصی "متاسفانه مشکلی پیش آمده، لطفا مجددا تلاش کنید." است
    And کلید همراه شخصی خاموش است

  @ER-39
  Scenario: وقتی همراه شخصی هم‌مدت وجود ندارد پیام انگلیسی نبودن آن نمایش داده می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    And مشتری محصول 101 را انتخاب می‌کند
    And محصول 151 در فروشگاه غیرفعال می‌شود
    And مشتری دکمه پایین صفحه را می‌زند
    And مشتری کلید همراه شخصی را روشن می‌کند
    Then پیام همراه شخصی "No mentor product is available for this package." است
    And کلید همراه شخصی خاموش است

  @RG-50
  Scenario: بازگشت با پرچم بسته gln یک قدم در تاریخچه عقب می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "isGlnPackage" برابر "true" است
    When مشتری صفحه "/payment-success" را باز می‌کند
    And مشتری در همین صفحه به "/select-package-c" می‌رود
    And مشتری دکمه بازگشت صفحه انتخاب دوره را می‌زند
    Then مشتری به مسیر "/payment-success" می‌رسد

  @RG-51
  Scenario: بازگشت با پرچم بسته پنل کاربر به بازگشت پنل می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "isUserPanelPackage" برابر "true" است
    When مشتری صفحه "/payment-success" را باز می‌کند
    And مشتری در همین صفحه به "/select-package-c" می‌رود
    And مشتری دکمه بازگشت صفحه انتخاب دوره را می‌زند
    Then مشتری به مسیر "/diets/extend/back" می‌رسد

  @RG-47
  Scenario: بازدیدکننده ناشناس با sPCRequireAuth=false پیش از سفارش وارد می‌شود و سپس سفارشش ساخته می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/select-package-c?sPCRequireAuth=false" را باز می‌کند
    And مشتری محصول 113 را انتخاب می‌کند
    And مشتری دکمه پایین صفحه را می‌زند
    Then آدرس صفحه "/CreateOderWithProductIds/?productIds=113" را در پارامتر next دارد
    When مشتری شماره "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    And مشتری کد پیامک‌شده به "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    Then مشتری به مسیر "/checkout-new" می‌رسد
    And سفارش در حافظه جلسه محصولات "113" را دارد

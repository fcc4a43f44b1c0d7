@ui
Feature: قواعد صفحه‌های انتخاب بسته چندمرحله‌ای
  The select-package-f rules of spec 2 §2–§4 checked on wizard configs stored for each scenario: the default title
  and the top media, showIf against earlier choices and the loaded products, the default choice, how a choice is
  stored and moves into the cart, the option card's display flags, and what the order is created with.
  Every scenario name carries "فروشگاه-قاعده".

  Background:
    Given مشتری با شماره "09121234567" وارد شده است
    And فروشگاه این پیکربندی چندمرحله‌ای را دارد:
      """
      {"id": "RULES_SHOW_IF", "productsTag": "DIET", "pages": [
        {"options": [
          {"productId": 101, "ui": {"title": "یک ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": false}},
          {"productId": 102, "ui": {"title": "سه ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": false}},
          {"productId": 103, "ui": {"title": "شش ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": false}}]},
        {"options": [
          {"productId": 151, "showIf": {"1": 101}, "ui": {"title": "همراه یک ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}},
          {"productId": 152, "showIf": {"1": 102}, "ui": {"title": "همراه سه ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}},
          {"productId": 153, "showIf": {"1": 103}, "ui": {"title": "همراه شش ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}},
          {"productId": 121, "ui": {"title": "بسته همراه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}}]},
        {"options": [
          {"productId": 111, "showIf": {"1": 102, "2": 152}, "ui": {"title": "ویژه یک ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}},
          {"productId": 112, "showIf": {"1": 102, "2": 121}, "ui": {"title": "ویژه سه ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}},
          {"productId": 113, "ui": {"title": "ویژه شش ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}}]}]}
      """

  @PM-26
  Scenario: فروشگاه-قاعده PM-26: مرحله بدون عنوان «انتخاب دوره» را نشان می‌دهد و رسانه بالا نوع mediaType را دارد
    Given فروشگاه این پیکربندی چندمرحله‌ای را دارد:
      """
      {"id": "RULES_VIDEO", "productsTag": "DIET", "pages": [{
        "topContent": {"mediaType": "video", "mediaUrl": "/media/foreign-intro.mp4", "previewImage": "/media/foreign-intro-preview.jpg"},
        "options": [{"productId": 101, "ui": {"title": "یک ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": false}}]}]}
      """
    And فروشگاه این پیکربندی چندمرحله‌ای را دارد:
      """
      {"id": "RULES_AUDIO", "productsTag": "DIET", "pages": [{
        "topContent": {"mediaType": "audio", "mediaUrl": "/media/after-prof.mp3"},
        "middleContent": {"subtitle": "مدت دوره را انتخاب کنید"},
        "options": [{"productId": 102, "ui": {"title": "سه ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": false}}]}]}
      """
    And فروشگاه این پیکربندی چندمرحله‌ای را دارد:
      """
      {"id": "RULES_IMAGE", "productsTag": "DIET", "pages": [{
        "topContent": {"mediaType": "image", "mediaUrl": "/media/wizard-top.jpg"},
        "middleContent": {"title": "دوره دلخواه خود را بردارید"},
        "options": [{"productId": 103, "ui": {"title": "شش ماهه", "showLeftBadge": false, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": false}}]}]}
      """
    When مشتری صفحه "/select-package-f/1?configId=RULES_VIDEO" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101"
    And عنوان مرحله "انتخاب دوره" است
    And رسانه بالای مرحله از نوع video با نشانی "/media/foreign-intro-preview.jpg" است
    When مشتری صفحه "/select-package-f/1?configId=RULES_AUDIO" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "102"
    And عنوان مرحله "انتخاب دوره" است
    And رسانه بالای مرحله از نوع audio با نشانی "/media/after-prof.mp3" است
    When مشتری صفحه "/select-package-f/1?configId=RULES_IMAGE" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "103"
    And عنوان مرحله "دوره دلخواه خود را بردارید" است
    And رسانه بالای مرحله از نوع image با نشانی "/media/wizard-top.jpg" است
    When مشتری صفحه "/select-package-f/1?configId=RULES_SHOW_IF" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103"
    And مرحله رسانه بالا ندارد

  @PM-27 @PM-28
  Scenario: فروشگاه-قاعده PM-27: گزینه فقط وقتی دیده می‌شود که همه شرط‌های showIf برقرار و محصولش بارگرفته باشد
    When مشتری صفحه "/select-package-f/1?configId=RULES_SHOW_IF" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103"
    And گزینه 101 انتخاب شده است
    When مشتری گزینه 102 را انتخاب می‌کند
    And مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/2" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "152, 121"
    And گزینه 152 انتخاب شده است
    When مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/3" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "111, 113"
    And گزینه 111 انتخاب شده است
    When مشتری دکمه بازگشت مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/2" می‌رسد
    When مشتری گزینه 121 را انتخاب می‌کند
    And مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/3" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "112, 113"
    When محصول 121 در فروشگاه غیرفعال می‌شود
    And مشتری صفحه "/select-package-f/2?configId=RULES_SHOW_IF" را از نو باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "152"
    And گزینه 152 انتخاب شده است

  @PM-29 @PM-32 @PM-33
  Scenario: فروشگاه-قاعده PM-29: انتخاب گزینه در sPFCartItems ذخیره و به سبد برده می‌شود و انتخاب‌های مرحله‌های بعد را پاک می‌کند
    Given در حافظه جلسه "sPFCartItems" برابر '{"1":101,"2":151,"3":113}' است
    When مشتری صفحه "/select-package-f/1?configId=RULES_SHOW_IF" را باز می‌کند
    Then گزینه 101 انتخاب شده است
    And پایین مرحله این محصولات را نشان می‌دهد: "101"
    When مشتری گزینه 102 را انتخاب می‌کند
    Then در حافظه جلسه "sPFCartItems" برابر '{"1":102}' است
    And پایین مرحله این محصولات را نشان می‌دهد: "102"
    And قیمت محصول 102 در پایین مرحله "۹۹۰٬۰۰۰ تومان" است
    When مشتری دکمه مرحله را می‌زند
    And مشتری گزینه 121 را انتخاب می‌کند
    Then در حافظه جلسه "sPFCartItems" برابر '{"1":102,"2":121}' است
    And پایین مرحله این محصولات را نشان می‌دهد: "102, 121"
    When مشتری دکمه مرحله را می‌زند
    And مشتری گزینه 113 را انتخاب می‌کند
    Then در حافظه جلسه "sPFCartItems" برابر '{"1":102,"2":121,"3":113}' است
    And پایین مرحله این محصولات را نشان می‌دهد: "102, 121, 113"
    When مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/checkout-new" می‌رسد
    And سفارش در حافظه جلسه محصولات "102, 121, 113" را دارد
    And meta سفارش ساخته‌شده '{"SPV":"F","configId":"RULES_SHOW_IF"}' را دارد
    And meta سفارش ساخته‌شده کلید "selectCOrFTest" ندارد
    And شناسه سفارش در حافظه جلسه همان تنها سفارش مشتری "09121234567" است
    And در حافظه جلسه "showPromotionField" برابر "true" است

  @PM-30
  Scenario: فروشگاه-قاعده PM-30: کارت گزینه قیمت‌ها، واحد پول، علامت جمع و نشان را فقط با پرچم‌هایشان نشان می‌دهد
    Given فروشگاه این پیکربندی چندمرحله‌ای را دارد:
      """
      {"id": "RULES_PRICES", "productsTag": "DIET", "pages": [{"options": [
        {"productId": 101, "ui": {"title": "همه پرچم‌ها", "topLeftBadge": "پیشنهاد ما", "showLeftBadge": true, "showOriginalPrice": true, "showFinalPrice": true, "showCurrency": true, "showPlusSign": true}},
        {"productId": 102, "ui": {"title": "فقط قیمت نهایی", "topLeftBadge": "پنهان", "showLeftBadge": false, "showOriginalPrice": false, "showFinalPrice": true, "showCurrency": false, "showPlusSign": false}},
        {"productId": 103, "ui": {"title": "بی قیمت", "showLeftBadge": false, "showOriginalPrice": false, "showFinalPrice": false, "showCurrency": true, "showPlusSign": true}}]}]}
      """
    When مشتری صفحه "/select-package-f/1?configId=RULES_PRICES" را باز می‌کند
    Then قیمت اصلی گزینه 101 "۴۹۰٬۰۰۰ تومان" است
    And قیمت نهایی گزینه 101 "+ ۳۹۰٬۰۰۰ تومان" است
    And نشان گزینه 101 "پیشنهاد ما" است
    And گزینه 102 قیمت اصلی ندارد
    And قیمت نهایی گزینه 102 "۹۹۰٬۰۰۰" است
    And قیمت نهایی گزینه 102 بی واحد پول و بی علامت جمع است
    And گزینه 102 نشان ندارد
    And گزینه 103 قیمت ندارد
    And گزینه 103 نشان ندارد

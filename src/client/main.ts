// The one client script: each behaviour enhances markup that already works without it.
document.documentElement.classList.add("js");

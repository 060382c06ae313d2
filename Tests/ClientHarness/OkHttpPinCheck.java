// What real OkHttp decides about one server: Tests/CLITests/ClientAgreementTests.swift compiles and runs this
// against openssl s_server on 127.0.0.1, with the trust store and CertificatePinner patterns the test gives.
//
// Usage: java -cp okhttp.jar:okio.jar:. OkHttpPinCheck HOST PORT CA_PEM [PATTERN PIN]...
// Prints one line: "accepted HTTP_CODE" or "rejected EXCEPTION: MESSAGE". With no arguments, reads one such
// argument list per line of standard input (words separated by spaces) and prints one line per case, so one JVM
// judges a whole table.

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collections;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.CertificatePinner;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

public final class OkHttpPinCheck {
    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            System.out.println(check(args));
            return;
        }
        java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.isBlank()) {
                System.out.println(check(line.trim().split(" +")));
                System.out.flush();
            }
        }
    }

    private static String check(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        X509TrustManager trustManager = trustManager(args[2]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {trustManager}, null);
        CertificatePinner.Builder pinner = new CertificatePinner.Builder();
        for (int i = 3; i + 1 < args.length; i += 2) {
            pinner.add(args[i], args[i + 1]);
        }
        OkHttpClient client = new OkHttpClient.Builder()
                .sslSocketFactory(context.getSocketFactory(), trustManager)
                .certificatePinner(pinner.build())
                // Only the loopback address is ever dialled: the test's host name maps to it, nothing else resolves.
                .dns(name -> {
                    if (name.equals(host)) {
                        return Collections.singletonList(InetAddress.getByName("127.0.0.1"));
                    }
                    throw new UnknownHostException(name + " is not the test's host");
                })
                .retryOnConnectionFailure(false)
                .connectTimeout(10, TimeUnit.SECONDS)
                .readTimeout(10, TimeUnit.SECONDS)
                .callTimeout(20, TimeUnit.SECONDS)
                .build();
        Request request = new Request.Builder().url("https://" + host + ":" + port + "/").build();
        try (Response response = client.newCall(request).execute()) {
            return "accepted " + response.code();
        } catch (IOException e) {
            String message = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
            return "rejected " + e.getClass().getSimpleName() + ": " + message;
        } finally {
            client.connectionPool().evictAll();
        }
    }

    /// The platform's PKIX trust manager over the certificates of one PEM file.
    private static X509TrustManager trustManager(String pemFile) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        try (InputStream in = new FileInputStream(pemFile)) {
            int index = 0;
            for (Certificate certificate : factory.generateCertificates(in)) {
                store.setCertificateEntry("anchor" + index++, certificate);
            }
        }
        TrustManagerFactory factoryOfManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factoryOfManagers.init(store);
        for (TrustManager manager : factoryOfManagers.getTrustManagers()) {
            if (manager instanceof X509TrustManager) {
                return (X509TrustManager) manager;
            }
        }
        throw new IllegalStateException("no X509TrustManager");
    }
}
